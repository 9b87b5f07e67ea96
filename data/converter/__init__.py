"""The parts of the reference-data converter (``python -m data.convert_shared``), one concern a module."""
