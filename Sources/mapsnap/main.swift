import Foundation
import MapSnapCLI

exit(MapSnapCommand.main(Array(CommandLine.arguments.dropFirst())))
