"""The five roads as pure grids (ROADS.md): where every mark goes, nothing about how it looks."""
