print("cartelera")
