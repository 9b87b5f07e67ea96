"""Importing official ISU results sites: the page family (index, results, detailed classifications, panels)
and the judges' details PDFs."""
