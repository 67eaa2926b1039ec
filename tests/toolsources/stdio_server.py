"""A minimal MCP server over stdio, standard library only (the sandbox's Python has nothing
else): newline-delimited JSON-RPC, `initialize`, `tools/list` and `tools/call` of `word_count`.
Its source is the command line the organization registers (`python3 -I -c SOURCE`)."""

import json
import sys

TOOLS = [
    {
        "name": "word_count",
        "description": "Count the words of a text.",
        "inputSchema": {
            "type": "object",
            "properties": {"text": {"type": "string"}},
            "required": ["text"],
        },
    }
]


def answer(message):
    method, params = message.get("method"), message.get("params") or {}
    if method == "initialize":
        return {
            "protocolVersion": params.get("protocolVersion", "2025-06-18"),
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "words", "version": "1"},
        }
    if method == "tools/list":
        return {"tools": TOOLS}
    if method == "tools/call":
        words = len(str(params.get("arguments", {}).get("text", "")).split())
        return {"content": [{"type": "text", "text": f"{words} words"}], "isError": False}
    return None


for line in sys.stdin:
    message = json.loads(line)
    if "id" not in message:
        continue
    result = answer(message)
    reply = {"jsonrpc": "2.0", "id": message["id"]}
    reply.update(
        {"result": result}
        if result is not None
        else {"error": {"code": -32601, "message": "no such method"}}
    )
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
