"""The batched engine: every instance of a chunk of evaluations scored at once with numpy."""
