"""The Frontiers Engine encounter (Flow of Play Expanded, Beta 2026-1)."""
