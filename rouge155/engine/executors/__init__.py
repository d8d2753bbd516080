"""Where the batched engine's chunks run: this process and local workers (``--jobs``), or Dask."""
