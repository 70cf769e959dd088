"""Coverage-guided fuzz targets for every reader of outside files: ``python -m fuzz.run``."""
