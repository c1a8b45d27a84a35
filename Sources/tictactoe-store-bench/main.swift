print("store bench")
