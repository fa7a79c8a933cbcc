"""The engine: dice, event log, state header, the ruleset contract and the scene batch.

Nothing here imports gymnasium, torch or stable_baselines3.
"""
