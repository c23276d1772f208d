"""The five roads as pure grids (docs/rules/roads.md): where every mark goes, nothing about how
it looks."""
