"""``scenegym serve``: a table in the browser (issue 27, item 3).

"A local web app [...] where a designer picks an env, a seat, an opponent (any agent or
policy file) and a config or scenario, and plays: the transcript grows, the seat's view and
the legal actions are shown by name, undo is exact (replay from the seed, as ``play`` does),
and the transcript can be saved with its replay command. The same app lists the reports and
sweeps in a folder and opens their HTML pages. Tests drive it in a real headless browser [...]:
play a Starforged scene to its end by clicking, undo once, save; a bad config shows its
one-line error on the page; two browser tabs play two scenes without mixing them."

The error paths run against Flask's test client; the browser tests run ``scenegym serve`` in
a subprocess and drive Debian's chromium through chromedriver (selenium). Without them the
browser tests skip, saying why, except under ``CI``, where that is a failure.

``python tests/evaluation/test_serve.py --screenshot docs/img/serve.png`` plays a scene in
the browser and takes the docs' screenshot of it.
"""

from __future__ import annotations

import argparse
import html
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from clirun import INTERRUPTED, assert_refused, scenegym

from scenegym.envs.core.header import CREW, GM
from scenegym.evaluation.play import Table

flask = pytest.importorskip("flask", reason='scenegym serve needs flask: pip install -e ".[serve]"')

from werkzeug.exceptions import NotFound  # noqa: E402

from scenegym.cli import build_parser  # noqa: E402
from scenegym.evaluation.webtable import Games, create_app  # noqa: E402

STARFORGED = "scenegym/StarforgedSceneChallenge-v1"
ERROR = re.compile(r'<p class="error" id="error">(.*?)</p>', re.S)
SCENE = re.compile(r"/scene/([0-9a-f]+)$")
ACTION = re.compile(r'<button class="action" name="action" value="(\d+)">')


def scene_form(**fields) -> dict:
    return {"env": STARFORGED, "seat": "crew", "opponent": "heuristic", "seed": "7",
            "config": "", "scenario": "", **fields}


@pytest.fixture
def client():
    return create_app().test_client()


def start(client, **fields) -> str:
    """Start a scene from the front page's form; its page's address."""
    answer = client.post("/new", data=scene_form(**fields))
    assert answer.status_code == 303 and SCENE.search(answer.location), answer.get_data(True)
    return answer.location


# -- the app, by Flask's test client ----------------------------------------------------------
@pytest.mark.parametrize(("fields", "message"), [
    ({"config": "nope=1"}, "config 'nope=1': 'nope' is not a config field; allowed:"),
    ({"config": "max_moves"}, "config 'max_moves': expected FIELD=VALUE"),
    ({"opponent": "wizard"}, "unknown agent 'wizard'"),
    ({"opponent": "no-such-policy.onnx"}, "no-such-policy.onnx"),
    ({"seed": "-1"}, "seed: "),
    ({"seat": "gm", "config": "price_by=oracle\napproach=crew"}, "the gm seat never decides"),
    ({"scenario": "no-such-scenario"}, "no-such-scenario"),
    ({"env": "scenegym/Nope-v0"}, "unknown ruleset or env id 'scenegym/Nope-v0'"),
])
def test_a_form_that_cannot_be_played_shows_one_error_line_on_the_front_page(client, fields,
                                                                              message):
    answer = client.post("/new", data=scene_form(**fields))
    page = answer.get_data(as_text=True)
    shown = ERROR.findall(page)
    assert answer.status_code == 400 and len(shown) == 1, page
    assert message in shown[0].replace("&#39;", "'") and "\n" not in shown[0], shown[0]
    assert "Traceback" not in page
    assert 'id="new"' in page


def test_the_form_is_kept_when_refused(client):
    page = client.post("/new", data=scene_form(config="nope=1", seed="42")).get_data(True)
    assert 'value="42"' in page and ">nope=1</textarea>" in page


def test_a_scene_page_shows_the_view_and_the_legal_actions_by_name(client):
    page = client.get(start(client)).get_data(as_text=True)
    table = Table(STARFORGED, 7, {GM: "heuristic"}, {})
    legal = [a for a in range(table.layout.num_actions) if table.batch.masks[0, a]]
    assert [int(a) for a in ACTION.findall(page)] == legal
    for action in legal:
        assert f"{action}&ensp;{table.layout.action_names[action]}" in page
    assert "momentum 2" in page and "<li>Begin the Scene" in page


def test_undo_replays_from_the_seed_and_an_illegal_choice_is_not_taken(client):
    where = start(client)
    before = client.get(where).get_data(as_text=True)
    first = int(ACTION.findall(before)[0])
    client.post(where + "/choose", data={"action": first})
    assert client.get(where).get_data(as_text=True) != before
    client.post(where + "/undo")
    after = client.get(where).get_data(as_text=True)
    assert "your last choice is undone" in after
    assert after.split('id="transcript">')[1] == before.split('id="transcript">')[1]
    client.post(where + "/undo")
    assert "nothing to undo" in client.get(where).get_data(as_text=True)
    client.post(where + "/choose", data={"action": 999})
    assert "not taken: " in client.get(where).get_data(as_text=True)


def test_config_fields_from_the_form_are_the_scenes_config(client):
    page = client.get(start(client, config="rank=dangerous\nmax_moves=12")).get_data(True)
    assert "changed: <code>rank=dangerous</code>, <code>max_moves=12</code>." in page
    assert "rank=&#39;dangerous&#39;" in page and "max_moves=12," in page


def test_text_from_the_form_is_escaped_on_the_page(client):
    page = client.post("/new", data=scene_form(config="<b>x</b>=1")).get_data(True)
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page


def test_the_oldest_scene_is_dropped_beyond_the_most_kept(client):
    games = Games(most=2)
    keys = [games.add(name) for name in ("a", "b", "c")]
    assert games.get(keys[2]) == "c" and games.get(keys[1]) == "b"
    with pytest.raises(NotFound):
        games.get(keys[0])


def play_by_the_client(app, seed: int, kept: dict) -> None:
    """Play a scene to its end by the first legal action, undoing every third choice; keep
    the choices that stand and the transcript the page shows in ``kept[seed]``."""
    client = app.test_client()
    where, choices, made = start(client, seed=str(seed)), [], 0
    while actions := ACTION.findall(client.get(where).get_data(True)):
        choices.append(int(actions[0]))
        client.post(where + "/choose", data={"action": actions[0]})
        made += 1
        if made % 3 == 0:
            client.post(where + "/undo")
            choices.pop()
    lines = re.findall(r"<li>(.*?)</li>", client.get(where).get_data(True))
    kept[seed] = (choices, [html.unescape(line) for line in lines])


def test_scenes_played_at_once_in_threads_do_not_mix():
    """The server answers each request in a thread of its own: four scenes played at once
    each show the transcript of their own choices, as a scene played alone does."""
    app, kept = create_app(), {}
    players = [threading.Thread(target=play_by_the_client, args=(app, seed, kept))
               for seed in range(4)]
    for player in players:
        player.start()
    for player in players:
        player.join(timeout=300)
    assert sorted(kept) == [0, 1, 2, 3]
    for seed, (choices, lines) in kept.items():
        alone = Table(STARFORGED, seed, {GM: "heuristic"}, {})
        for action in choices:
            alone.choose(action)
        assert len(choices) > 3 and alone.over and lines == alone.transcript(), seed


def test_an_unknown_scene_is_not_found(client):
    assert client.get("/scene/0123456789abcdef").status_code == 404
    assert client.post("/scene/0123456789abcdef/undo").status_code == 404


def test_the_front_page_lists_a_folders_pages_and_opens_only_those(tmp_path):
    (tmp_path / "runs" / "sweep-a").mkdir(parents=True)
    (tmp_path / "runs" / "sweep-a" / "sweep.html").write_text("<h1>a sweep</h1>")
    (tmp_path / "report.html").write_text("<h1>a report</h1>")
    (tmp_path / "notes.html").write_text("private")
    client = create_app(tmp_path).test_client()
    page = client.get("/").get_data(as_text=True)
    assert re.findall(r'<a href="/pages/([^"]+)">', page) == ["report.html",
                                                              "runs/sweep-a/sweep.html"]
    assert client.get("/pages/runs/sweep-a/sweep.html").get_data(True) == "<h1>a sweep</h1>"
    assert client.get("/pages/notes.html").status_code == 404
    assert client.get("/pages/../report.html").status_code == 404


# -- the command ------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_it_listens_on_this_machine_only_unless_told():
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.folder) == ("127.0.0.1", 8000, None)


def test_a_missing_folder_a_port_in_use_and_a_bad_port_are_refused_before_serving(tmp_path):
    assert_refused(scenegym("serve", "--folder", tmp_path / "nope"), "--folder",
                   "does not exist")
    (tmp_path / "a-file").write_text("")
    assert_refused(scenegym("serve", "--folder", tmp_path / "a-file"), "is not a folder")
    assert_refused(scenegym("serve", "--port", "70000"), "--port is 70000; allowed: 1..65535")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert_refused(scenegym("serve", "--port", port), f"--port {port}", "in use")


class Server:
    """``scenegym serve`` in a subprocess on a free port of 127.0.0.1."""

    def __init__(self, folder: Path | None = None):
        self.port = free_port()
        argv = ["serve", "--port", str(self.port)] + (["--folder", str(folder)] if folder else [])
        self.proc = subprocess.Popen([sys.executable, "-m", "scenegym.cli", *argv],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True)
        line = self.proc.stdout.readline()
        assert f"open http://127.0.0.1:{self.port}/" in line, line
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self) -> int:
        """Ctrl-C, as a person stops it; its exit status."""
        self.proc.send_signal(signal.SIGINT)
        code = self.proc.wait(timeout=30)
        self.proc.stdout.close()
        return code


@pytest.fixture(scope="module")
def server():
    running = Server()
    yield running
    assert running.stop() == INTERRUPTED  # Ctrl-C stops it as it stops every command


def test_the_command_serves_the_front_page_and_fetches_nothing_from_elsewhere(server):
    """"No page fetched from outside": every address on the page is the app's own."""
    with urllib.request.urlopen(server.url + "/", timeout=30) as answer:
        page = answer.read().decode()
    assert answer.status == 200 and STARFORGED in page
    addresses = re.findall(r'(?:src|href|action)="([^"]*)"', page)
    assert "/static/table.css" in addresses and "/new" in addresses
    assert all(a.startswith("/") and not a.startswith("//") for a in addresses), addresses
    with urllib.request.urlopen(server.url + "/static/table.css", timeout=30) as answer:
        assert answer.status == 200 and b"button" in answer.read()


# -- in the browser ---------------------------------------------------------------------------
def browser_missing() -> str | None:
    """Why no browser test can run here, or None."""
    for program in ("chromium", "chromedriver"):
        if shutil.which(program) is None:
            return f"{program} is not installed (apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return 'selenium is not installed (pip install -e ".[dev]")'
    return None


def open_browser(downloads: Path):
    """A headless chromium, its downloads going into ``downloads``."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which("chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000",
                "--disable-dev-shm-usage"):
        opts.add_argument(arg)
    opts.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                           "download.prompt_for_download": False})
    driver = webdriver.Chrome(options=opts, service=Service(shutil.which("chromedriver")))
    driver.execute_cdp_cmd("Page.setDownloadBehavior",
                           {"behavior": "allow", "downloadPath": str(downloads)})
    return driver


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    missing = browser_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser tests: {missing}")
        pytest.skip(missing)
    downloads = tmp_path_factory.mktemp("downloads")
    driver = open_browser(downloads)
    driver.downloads = downloads
    yield driver
    driver.quit()


def new_scene(driver, url: str, seed: int = 7, config: str = "", env: str = STARFORGED) -> None:
    """Fill the front page's form and start the scene."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    driver.get(url + "/")
    Select(driver.find_element(By.ID, "env")).select_by_value(env)
    for name, value in (("seed", str(seed)), ("config", config)):
        box = driver.find_element(By.ID, name)
        box.clear()
        box.send_keys(value)
    click_and_wait(driver, driver.find_element(By.ID, "play"))


def click_first_action(driver) -> int | None:
    """Click the first legal action; its id (None when the scene is over)."""
    from selenium.webdriver.common.by import By

    buttons = driver.find_elements(By.CSS_SELECTOR, "button.action")
    if not buttons:
        return None
    action = int(buttons[0].get_attribute("value"))
    click_and_wait(driver, buttons[0])
    return action


def click_and_wait(driver, element) -> None:
    """Click ``element`` and wait for the page it leads to: the old page gone, the new one
    loaded."""
    from selenium.webdriver.support.ui import WebDriverWait

    element.click()
    wait = WebDriverWait(driver, 60)
    wait.until(left_the_page(element))
    wait.until(lambda d: d.execute_script("return document.readyState") == "complete")


def left_the_page(element):
    """A wait condition: ``element`` is no longer on the page. Selenium's ``staleness_of``
    lets through chromium's "Node with given id does not belong to the document", which the
    driver raises instead of a stale reference when the check meets the page mid-load."""
    from selenium.common.exceptions import WebDriverException

    def gone(_driver) -> bool:
        try:
            element.is_enabled()
        except WebDriverException:  # stale, or detached while the new page loads
            return True
        return False

    return gone


def transcript(driver) -> list[str]:
    from selenium.webdriver.common.by import By

    return [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#transcript li")]


def play_to_the_end(driver, undo_at: int | None = None) -> list[int]:
    """Click the first legal action until the scene is over, undoing once after the
    ``undo_at``-th click; the choices kept."""
    from selenium.webdriver.common.by import By

    kept: list[int] = []
    while (action := click_first_action(driver)) is not None:
        kept.append(action)
        if len(kept) == undo_at:
            click_and_wait(driver, driver.find_element(By.ID, "undo"))
            assert driver.find_element(By.ID, "note").text == "your last choice is undone"
            kept.pop()
            undo_at = None
    return kept


def saved_file(folder: Path, name: str, timeout: float = 30.0) -> str:
    path = folder / name
    deadline = time.monotonic() + timeout
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    return path.read_text()


def test_a_starforged_scene_played_to_its_end_by_clicking_undone_once_and_saved(browser,
                                                                                server):
    from selenium.webdriver.common.by import By

    new_scene(browser, server.url, seed=7)
    kept = play_to_the_end(browser, undo_at=2)
    result = browser.find_element(By.ID, "result").text
    replay = Table(STARFORGED, 7, {GM: "heuristic"}, {})
    for action in kept:
        replay.choose(action)
    assert replay.over and result == replay.result()
    assert transcript(browser) == replay.transcript()
    browser.find_element(By.ID, "save").click()
    saved = saved_file(browser.downloads, "play-7.txt")
    assert saved == replay.record({CREW: "you", GM: "heuristic"}).replace("(undos: 0)",
                                                                           "(undos: 1)")
    assert saved.startswith(f"scenegym play {STARFORGED} --seed 7 --seat crew --opponent "
                            "heuristic\n")


def test_a_bad_config_shows_its_one_line_error_on_the_page(browser, server):
    from selenium.webdriver.common.by import By

    new_scene(browser, server.url, config="max_moves=-3")
    error = browser.find_element(By.ID, "error").text
    assert "max_moves" in error and "allowed" in error and "\n" not in error, error
    assert browser.find_elements(By.ID, "transcript") == []


def test_two_tabs_play_two_scenes_without_mixing_them(browser, server):
    new_scene(browser, server.url, seed=11)
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    new_scene(browser, server.url, seed=12)
    second = browser.current_window_handle
    choices = {first: [], second: []}
    for _ in range(3):  # alternate: a click in one tab, then one in the other
        for tab in (first, second):
            browser.switch_to.window(tab)
            browser.refresh()
            action = click_first_action(browser)
            if action is not None:
                choices[tab].append(action)
    for tab, seed in ((first, 11), (second, 12)):
        browser.switch_to.window(tab)
        browser.refresh()
        alone = Table(STARFORGED, seed, {GM: "heuristic"}, {})
        for action in choices[tab]:
            alone.choose(action)
        assert choices[tab] and transcript(browser) == alone.transcript(), seed
    browser.switch_to.window(second)
    browser.close()
    browser.switch_to.window(first)


# -- the docs' screenshot ---------------------------------------------------------------------
def take_screenshot(path: Path, clicks: int = 4) -> None:
    """Play ``clicks`` decisions of a Starforged scene in the browser and save the page."""
    server = Server()
    driver = open_browser(path.parent)
    try:
        new_scene(driver, server.url, seed=3)
        for _ in range(clicks):
            click_first_action(driver)
        driver.set_window_size(1400, 700)
        driver.save_screenshot(str(path))
    finally:
        driver.quit()
        server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="take the docs' screenshot of serve")
    parser.add_argument("--screenshot", type=Path, required=True, metavar="PNG")
    take_screenshot(parser.parse_args().screenshot)
