"""Drawing charts as images, in a worker process (pool.py); matplotlib only inside it (draw.py)."""
