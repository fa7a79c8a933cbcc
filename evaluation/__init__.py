"""Playtests on the engine directly: statistics, exact odds, reports, plots, replays."""
