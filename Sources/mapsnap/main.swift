import Foundation
import MapSnap
import MapSnapCLI

// One command may render many images (bench, batch): keep freed image memory for the next.
MemoryTuning.keepFreedImageMemory()

exit(MapSnapCommand.main(Array(CommandLine.arguments.dropFirst())))
