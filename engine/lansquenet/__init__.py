"""Lansquenet rules engine (work in progress)."""
