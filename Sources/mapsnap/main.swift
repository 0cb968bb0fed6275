import Foundation
import MapSnap
import MapSnapCLI

// One command may render many images (bench, batch): keep freed image memory for the next.
MemoryTuning.keepFreedImageMemory()
// The process ends when the command returns: its caches are freed by the exit, not one by one.
ExitRetention.enable()

exit(MapSnapCommand.main(Array(CommandLine.arguments.dropFirst())))
