from adrenaline_tui.titles.panic_fire.ui.app import main

raise SystemExit(main())
