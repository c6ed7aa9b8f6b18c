#!/usr/bin/env tclsh
# fpga/common/tcl_check.tcl - parse and dry-run harness for the FPGA build's Tcl and XDC files,
# without Vivado (there is none on the CI machines).
#
#   tclsh fpga/common/tcl_check.tcl [-argv FILE] [-pins] FILE...
#
# For each FILE, two checks; any failure prints "file:line: message" and the exit code is 1:
#  1. parse: the file is split into commands with `info complete`, line by line; a command still
#     open at the end of the file (unbalanced braces, brackets or quotes) fails.
#  2. dry run: the file is sourced in a fresh child interpreter in which every Vivado command
#     the build uses is a stub. A command that is neither Tcl's nor in that list fails (a typo
#     such as `set_propery`), as does any Tcl error (wrong argument count of a built-in, a bad
#     expr, an `error` raised by the script's own checks). The stubs check the argument shapes
#     of the commands whose misuse would only show up hours into a Vivado run: set_property
#     (name value objects | -dict {even list} objects), create_clock (-period > 0, a target),
#     set_max_delay (a number), create_ip (-name and -module_name).
#     `exec` returns "" (no git, no shell), `file copy/delete/mkdir` do nothing, `exit` fails,
#     `get_*` return a placeholder object, and
#     get_property returns what a finished, timing-clean run would report (PROGRESS 100%,
#     SLACK 0.000) and "" for anything else.
# Options: -argv FILE  the value of argv for the scripts that take build/vars.tcl (vivado.mk
#                      `make scripts` writes one); -pins  collect PACKAGE_PIN assignments over all
#                      FILEs of this run and fail when one pin is given to two ports or one port
#                      gets two pins (run once per variant with that variant's XDC files).
# Exit 0 and "tcl_check: N files ok" when every file passes.

set vivado_cmds {
    add_files close_hw_manager close_hw_target close_project connect_hw_server create_clock
    create_generated_clock create_ip create_ip_run create_project current_design
    current_hw_device current_project disconnect_hw_server generate_target get_cells
    get_clocks get_filesets get_files get_hw_devices get_hw_targets get_ips get_nets get_pins
    get_ports get_property get_runs get_timing_paths launch_runs open_hw_manager
    open_hw_target open_project open_run program_hw_devices refresh_hw_device
    report_cdc report_clock_interaction report_timing_summary report_utilization reset_run
    set_bus_skew set_clock_groups set_false_path set_input_delay set_max_delay set_min_delay
    set_multicycle_path set_output_delay set_property wait_on_run
}

set failures 0
set checked 0
set pin_of_port [dict create]
set port_of_pin [dict create]
set cur_file ""
set opt_argv {}
set opt_pins 0

proc fail {file line msg} {
    global failures
    if {[string match "*:*" $line]} {
        # dry-run failures carry their own "file:line" (the innermost sourced file)
        puts "$line: $msg (checking $file)"
    } else {
        puts "$file:$line: $msg"
    }
    incr failures
}

# ---- check 1: split into complete commands ----
proc parse_check {file} {
    set fh [open $file r]
    set text [read $fh]
    close $fh
    set cmd ""
    set start 0
    set lineno 0
    foreach line [split $text "\n"] {
        incr lineno
        if {$cmd eq ""} {
            set start $lineno
        }
        append cmd $line "\n"
        if {[info complete $cmd]} {
            set cmd ""
        }
    }
    if {[string trim $cmd] ne ""} {
        fail $file $start \
            "command not complete at end of file (unbalanced braces, brackets or quotes)"
        return 0
    }
    return 1
}

# ---- stubs (run in the parent, called from the child through aliases) ----
proc stub_error {msg} {
    return -code error "vivado stub: $msg"
}

proc object_args {args} {
    # drop leading options (-quiet, -verbose, -hierarchical, -filter X, -of_objects X, ...)
    set out {}
    set skip 0
    foreach a $args {
        if {$skip} { set skip 0; continue }
        if {[string match -* $a]} {
            if {[lsearch -exact {-filter -of_objects -regexp_filter} $a] >= 0} { set skip 1 }
            continue
        }
        lappend out $a
    }
    return $out
}

proc stub_get {name args} {
    return "stub_$name"
}

proc stub_get_property {args} {
    set a [object_args {*}$args]
    if {[llength $a] != 2} {
        stub_error "get_property wants NAME OBJECT, got: $args"
    }
    switch -- [string toupper [lindex $a 0]] {
        PROGRESS { return "100%" }
        STATUS { return "stub run complete" }
        SLACK { return "0.000" }
        DIRECTORY { return "/stub/run/dir" }
        default { return "" }
    }
}

proc record_pin {pin objs} {
    global pin_of_port port_of_pin cur_file opt_pins
    if {!$opt_pins} { return }
    # objs is the value of [get_ports X], which the stub returns as stub_get_ports:X
    foreach o $objs {
        if {![regexp {^stub_get_ports:(.*)$} $o -> port]} { continue }
        if {[dict exists $pin_of_port $port] && [dict get $pin_of_port $port] ne $pin} {
            stub_error "port $port on two pins: [dict get $pin_of_port $port] and $pin"
        }
        if {[dict exists $port_of_pin $pin] && [dict get $port_of_pin $pin] ne $port} {
            stub_error "pin $pin given to two ports: [dict get $port_of_pin $pin] and $port"
        }
        dict set pin_of_port $port $pin
        dict set port_of_pin $pin $port
    }
}

proc stub_get_ports {args} {
    set a [object_args {*}$args]
    set out {}
    foreach pattern $a {
        foreach p $pattern {
            lappend out "stub_get_ports:$p"
        }
    }
    return $out
}

proc stub_set_property {args} {
    set a $args
    set quiet [lsearch -exact $a -quiet]
    if {$quiet >= 0} { set a [lreplace $a $quiet $quiet] }
    if {[lindex $a 0] eq "-dict"} {
        if {[llength $a] != 3} {
            stub_error "set_property -dict wants DICT OBJECTS, got [llength $a] words"
        }
        set d [lindex $a 1]
        if {[llength $d] % 2 != 0} {
            stub_error "set_property -dict: odd-length list {$d}"
        }
        foreach {k v} $d {
            if {[string toupper $k] eq "PACKAGE_PIN" || [string toupper $k] eq "LOC"} {
                record_pin $v [lindex $a 2]
            }
        }
        return ""
    }
    if {[llength $a] != 3} {
        stub_error "set_property wants NAME VALUE OBJECTS, got [llength $a] words: $args"
    }
    if {[string toupper [lindex $a 0]] eq "PACKAGE_PIN"} {
        record_pin [lindex $a 1] [lindex $a 2]
    }
    return ""
}

proc stub_create_clock {args} {
    set i [lsearch -exact $args -period]
    if {$i < 0 || ![string is double -strict [lindex $args $i+1]] || [lindex $args $i+1] <= 0} {
        stub_error "create_clock needs -period with a positive number: $args"
    }
    set targets [object_args {*}[lreplace $args $i $i+1]]
    if {[llength $targets] == 0 && [lsearch -exact $args -name] < 0} {
        stub_error "create_clock needs a target or -name: $args"
    }
    return "stub_clock"
}

proc stub_set_max_delay {args} {
    set a [object_args {*}$args]
    # -from/-to values are objects; the delay is the one remaining numeric word
    set nums {}
    foreach w $a {
        if {[string is double -strict $w]} { lappend nums $w }
    }
    if {[llength $nums] != 1} {
        stub_error "set_max_delay needs exactly one delay value: $args"
    }
    return ""
}

proc stub_create_ip {args} {
    foreach opt {-name -module_name} {
        if {[lsearch -exact $args $opt] < 0} {
            stub_error "create_ip needs $opt: $args"
        }
    }
    return ""
}

proc stub_any {name args} {
    return ""
}

# ---- check 2: dry run in a child interpreter ----
proc dry_run {file} {
    global vivado_cmds opt_argv cur_file
    set cur_file $file
    set c [interp create]
    foreach cmd $vivado_cmds {
        switch -glob -- $cmd {
            get_property { interp alias $c $cmd {} stub_get_property }
            get_ports { interp alias $c $cmd {} stub_get_ports }
            get_* { interp alias $c $cmd {} stub_get $cmd }
            set_property { interp alias $c $cmd {} stub_set_property }
            create_clock { interp alias $c $cmd {} stub_create_clock }
            set_max_delay { interp alias $c $cmd {} stub_set_max_delay }
            create_ip { interp alias $c $cmd {} stub_create_ip }
            default { interp alias $c $cmd {} stub_any $cmd }
        }
    }
    # tclint-disable redefined-builtin
    interp eval $c {
        rename exec {}
        proc exec {args} { return "" }
        rename puts tcl_puts
        proc puts {args} { return "" }
        proc exit {args} { return -code error "exit called" }
        # no file system changes from a dry run: copy, delete, mkdir, rename do nothing
        rename file tcl_file
        proc file {sub args} {
            if {[lsearch -exact {copy delete mkdir rename link} $sub] >= 0} { return "" }
            return [tcl_file $sub {*}$args]
        }
        proc unknown {name args} {
            return -code error \
                "unknown command \"$name\" (neither Tcl nor a Vivado command the build uses)"
        }
    }
    # tclint-enable redefined-builtin
    # tclint-disable-next-line command-args
    interp eval $c [list set argv $opt_argv]
    # tclint-disable-next-line command-args
    interp eval $c [list set argc [llength $opt_argv]]
    set ok 1
    # tclint-disable-next-line command-args
    if {[catch {interp eval $c [list source $file]} msg opts]} {
        set where "$file:?"
        set info [dict get $opts -errorinfo]
        # the innermost "(file "F" line N)": errorInfo lists the innermost frame first, so an
        # error in a sourced file (ip/*.tcl, bar_map.tcl) is reported at its own line
        if {[regexp {\(file "([^"]*)" line (\d+)\)} $info -> f l]} {
            set where "$f:$l"
        }
        fail $file $where $msg
        set ok 0
    }
    interp delete $c
    return $ok
}

# ---- main ----
set files {}
for {set i 0} {$i < [llength $argv]} {incr i} {
    set a [lindex $argv $i]
    switch -- $a {
        -argv { incr i; set opt_argv [list [file normalize [lindex $argv $i]]] }
        -pins { set opt_pins 1 }
        default { lappend files $a }
    }
}
if {[llength $files] == 0} {
    puts "usage: tclsh tcl_check.tcl \[-argv FILE\] \[-pins\] FILE..."
    exit 2
}
foreach f $files {
    if {![file readable $f]} {
        fail $f 0 "cannot read"
        continue
    }
    incr checked
    if {[parse_check $f]} {
        dry_run [file normalize $f]
    }
}
if {$failures > 0} {
    puts "tcl_check: $failures failure(s) in $checked file(s)"
    exit 1
}
if {$opt_pins} {
    puts "tcl_check: $checked files ok ([dict size $pin_of_port] ports on distinct pins)"
} else {
    puts "tcl_check: $checked files ok"
}
exit 0
