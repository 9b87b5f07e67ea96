"""Charts from the results: what to plot (models.py), built from the results service's answers (build.py). Pure: no
discord, no matplotlib."""
