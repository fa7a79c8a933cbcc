"""Shared infrastructure of the commands (evaluation and training): output files, config overrides, resumable cells, HTML pages, help text, the scene loop."""
