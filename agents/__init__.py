"""Longhaul's agent runtime: plain Python, no Django. The platform drives it from Celery."""
