"""Backends: a Scene written as SVG (svgwrite) or PNG (Pillow)."""
