"""The shared entry point of packs' sandbox-side code (see agents/sandbox/python_call.py).

Bound read-only into the sandbox as `longhaul_inside` and run as
`python3 -P -m longhaul_inside PACKAGE ACTION < request.json`. It imports only the standard
library; action ACTION is the function of that name in module PACKAGE.ACTION.
"""
