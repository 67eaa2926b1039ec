from textkit.names import initials

__all__ = ["initials"]
