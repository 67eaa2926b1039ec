"""The 3D pack's code that runs INSIDE the sandbox: building meshes, measuring them, rendering
previews and collecting the exported files.

It is bound read-only into the sandbox and run through the shared entry point
(`python3 -P -m longhaul_inside three_d_inside ACTION`, see agents/sandbox/python_call.py) with a
JSON request on stdin and one JSON line on stdout. It imports only the standard library, numpy,
trimesh, manifold3d and pyrender (never `agents.*`, never Django), so a spec written by a model
is turned into geometry only where a crash, a runaway boolean or a hostile file harms nothing.
"""
