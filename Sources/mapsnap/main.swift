print("mapsnap")
