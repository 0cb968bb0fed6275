public enum MapSnapStyleModule {}
