print("cartelera-bench: not built yet")
