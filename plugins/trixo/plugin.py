from stixxcli.hookspecs import hookimpl
from stixxcli_games import bundled_rules

@hookimpl
def stixx_rule_dirs(register):
    register(bundled_rules())
