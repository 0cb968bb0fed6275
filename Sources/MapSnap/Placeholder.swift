public enum MapSnapModule {}
