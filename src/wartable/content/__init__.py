"""Loading and validating content files (YAML), with provenance for every value."""

from wartable.content.loader import PROVENANCES, Loaded, load_document, validate

__all__ = ["PROVENANCES", "Loaded", "load_document", "validate"]
