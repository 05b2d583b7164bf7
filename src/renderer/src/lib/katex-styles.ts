// KaTeX's stylesheet as a module of its own, so markdown-extras.ts can load it with KaTeX.
import 'katex/dist/katex.min.css'
