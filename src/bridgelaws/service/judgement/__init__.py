"""The rulings that need the Director's judgement: the procedures and their written rulings."""
