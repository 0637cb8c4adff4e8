import "nosuchpkg"

nosuchpkg.run()
