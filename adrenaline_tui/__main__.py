from adrenaline_tui.cli import main

raise SystemExit(main())
