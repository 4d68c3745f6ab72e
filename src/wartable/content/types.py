"""Field types that content models of more than one game share."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

# a number that must be finite: a fitted weight of NaN or infinity would silently blind the
# search that scores positions by it
Finite = Annotated[float, Field(allow_inf_nan=False)]


class Strict(BaseModel):
    """The base of every content model: an unknown field is refused (a misspelt key is a
    mistake, never an option) and a loaded document cannot be changed."""

    model_config = ConfigDict(extra="forbid", frozen=True)
