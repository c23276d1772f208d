from roads.cli import main

main()
