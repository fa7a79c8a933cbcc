"""The state header's columns and the seats: the names of :mod:`scenegym.envs.core.header`,
importable without numba (a command's parser, ``scenegym --help``, reads them and compiles
nothing). The header module re-exports every name; its kernels use them.
"""

from __future__ import annotations

# Seats.
CREW = 0
GM = 1
NOBODY = -1
SEAT_NAMES = {CREW: "crew", GM: "gm"}

# Header columns (each a scalar per env).
PHASE = 0       # pending decision, a ruleset phase code; OVER_PHASE when the episode is over
SEAT = 1        # seat whose decision is pending: CREW, GM or NOBODY
OVER = 2        # 1 once the episode has ended (won, lost or cut off)
RESULT = 3      # the episode's crew result, what its crew rewards add up to (0 while running):
                # +1 won / -1 lost / the ruleset's ``cutoff_result`` cut off for a one-scene
                # episode; a mission's is its total
TRUNCATED = 4   # 1 if the episode was cut off by its decision or round limit
EPISODE = 5     # index k of the episode within the env's stream
DECISIONS = 6   # decisions taken in this episode
LEAD = 7        # who leads now by the ruleset's measure: +1 crew, -1 GM, 0 level
LEAD_CHANGES = 8  # times the lead changed hands this episode
MARGIN = 9      # size of the current lead, 0..100 (percent of the ruleset's scale)
FORFEITED = 10  # 1 if the scene ended on an illegal action (illegal="lose")
PAYOUT = 11     # crew reward due at this step before the end (paid and cleared by the batch)
PAID = 12       # crew reward paid before the end of this episode
GM_EXTRA = 13   # what the adversarial GM is paid at this step beyond the negative of the
                # crew's reward (cleared with the payout): twice a cut-off's value, so that
                # a cut-off pays the GM its value too, not its negative
HEADER_SIZE = 14

OVER_PHASE = -1
