#error "built although no architecture of the build supports it"
