public enum MapSnapRenderModule {}
