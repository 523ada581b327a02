import Glibc
import LifeSignalCLI

exit(LifeSignalCLI.run(.live(arguments: Array(CommandLine.arguments.dropFirst()))))
