"""Metric families: each turns token sequences into hits and counts for one model at a time."""
