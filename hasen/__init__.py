"""The public face of the solver."""
