"""``hasen completion bash|zsh|fish``: a shell completion script, written from the command
line's own parser. The script holds every command and its options, so completing runs no
Python and ``hasen`` itself starts no slower for it."""

from __future__ import annotations

import argparse

from .output import emit
from .parser import COMMANDS, build_parser

SHELLS = ("bash", "zsh", "fish")


def options_of(command: str) -> list[str]:
    """Every option ``command`` takes, long forms first as written."""
    parser = build_parser(command)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [flag for action in sub.choices[command]._actions for flag in action.option_strings]


def bash_script() -> str:
    cases = "\n".join(f'        {name}) words="{" ".join(options_of(name))}" ;;' for name in COMMANDS)
    return f"""# hasen completion for bash (and zsh through bashcompinit): eval "$(hasen completion bash)"
_hasen() {{
    local current=${{COMP_WORDS[COMP_CWORD]}} words
    if [ "$COMP_CWORD" -eq 1 ]; then
        words="{" ".join(COMMANDS)} --help --version"
    else
        case ${{COMP_WORDS[1]}} in
{cases}
        esac
    fi
    if [[ $current == -* ]] || [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "$words" -- "$current"))
    else
        # a line a file: a name with spaces in it stays one name
        mapfile -t COMPREPLY < <(compgen -f -- "$current")
    fi
}}
complete -o filenames -F _hasen hasen
"""


def zsh_script() -> str:
    return (
        '# hasen completion for zsh: eval "$(hasen completion zsh)"\n'
        "autoload -Uz bashcompinit && bashcompinit\n" + bash_script().split("\n", 1)[1]
    )


def fish_script() -> str:
    lines = ["# hasen completion for fish: hasen completion fish | source"]
    for name, command in COMMANDS.items():
        described = command.help.replace("\\", "\\\\").replace("'", "\\'")
        lines.append(f"complete -c hasen -f -n __fish_use_subcommand -a {name} -d '{described}'")
        lines += [
            f"complete -c hasen -n '__fish_seen_subcommand_from {name}' -l {flag[2:]}"
            for flag in options_of(name)
            if flag.startswith("--")
        ]
    return "\n".join(lines) + "\n"


def cmd_completion(args: argparse.Namespace) -> int:
    emit({"bash": bash_script, "zsh": zsh_script, "fish": fish_script}[args.shell]().rstrip("\n"))
    return 0
