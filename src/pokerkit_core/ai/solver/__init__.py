"""Subgame solver (placeholder, filled below)."""
