import Glibc
import LifeSignalCLI

exit(LifeSignalCLI.main(commandLine: CommandLine.arguments))
