"""Stable-Baselines3 on the native batch: both seats, self-play, exported policies."""
