"""The 3D pack's code that runs INSIDE the sandbox: building meshes, measuring them, rendering
previews and collecting the exported files.

It is bound read-only into the sandbox and run as `python3 -m three_d_inside ACTION` with a JSON
request on stdin and one JSON line on stdout. It imports only the standard library, numpy,
trimesh, manifold3d and pyrender (never `agents.*`, never Django), so a spec written by a model
is turned into geometry only where a crash, a runaway boolean or a hostile file harms nothing.
"""
