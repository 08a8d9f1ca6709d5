import ExhibitCommands

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(Exhibit.main(Array(CommandLine.arguments.dropFirst())))
