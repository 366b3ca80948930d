# The words of the web pages (filled in on branch web-page).
web-title = Monkey Queen
