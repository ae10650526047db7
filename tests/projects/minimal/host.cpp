// Host half of the minimal consumer.
int minimal_host() { return 1; }
