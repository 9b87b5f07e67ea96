"""The bundled dataset and its converter; a package so the converter runs as ``python -m data.convert_shared``."""
