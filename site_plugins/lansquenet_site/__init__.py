"""MkDocs plugin for the Lansquenet site."""
